import { useMessages } from '../../i18n/i18n.tsx';
import { modalMessages } from '../../i18n/messages/modals.ts';
import { ModalFrame, ModalOkAction, SuccessMark } from '../../ui/modal/modal-frame.tsx';

/** Shown when the KYC socket event reports a verified identity (spec §4). */
export default function KycVerifiedModal() {
  const t = useMessages(modalMessages);
  return (
    <ModalFrame title={t.kycVerifiedTitle} description={t.kycVerifiedDescription}>
      <SuccessMark />
      <ModalOkAction />
    </ModalFrame>
  );
}
