import { useMessages } from '../../i18n/i18n.tsx';
import { bonusMessages } from '../../i18n/messages/bonus.ts';
import { PlayerGate } from '../../features/account/player-gate.tsx';
import { WelcomeCoins } from '../../features/bonus/components/welcome-coins.tsx';
import { ModalFrame, ModalOkAction } from '../../ui/modal/modal-frame.tsx';

/** After registration (spec §4): the welcome coins received, and an optional bonus code. */
export default function VerifyBonusModal() {
  const t = useMessages(bonusMessages);
  return (
    <PlayerGate title={t.verifyTitle} description={t.verifyDescription}>
      {() => (
        <ModalFrame title={t.verifyTitle} description={t.verifyDescription}>
          <WelcomeCoins />
          <ModalOkAction />
        </ModalFrame>
      )}
    </PlayerGate>
  );
}
