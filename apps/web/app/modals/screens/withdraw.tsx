import { useMemo, useState } from 'react';
import type { PlayerProfile } from '@coinfall/shared/contracts/player';
import { useMessages } from '../../i18n/i18n.tsx';
import { redeemMessages, type RedeemTexts } from '../../i18n/messages/redeem.ts';
import { FormAlert, StatusNote } from '../../features/account/account-ui.tsx';
import { PlayerGate } from '../../features/account/player-gate.tsx';
import { verificationSummary } from '../../features/profile/verification.fns';
import { VerificationChecklist } from '../../features/redeem/components/verification-checklist';
import { WithdrawForm } from '../../features/redeem/components/withdraw-form';
import { withdrawableAccounts, type VerificationStep } from '../../features/redeem/redeem.fns';
import { currencyIndex } from '../../features/wallet/accounts.fns';
import { useAccounts } from '../../features/wallet/accounts.api';
import { useCurrencies } from '../../features/wallet/api/currencies';
import { useModalEntry } from '../../ui/modal/modal-entry.ts';
import { ModalFrame } from '../../ui/modal/modal-frame.tsx';

/**
 * Withdraw a fiat or crypto balance (USD, BTC, ETH) with the payout endpoint redemptions use,
 * behind the same full-verification gate (spec §6).
 */
export default function WithdrawModal() {
  const t = useMessages(redeemMessages);
  return (
    <PlayerGate title={t.withdrawTitle} description={t.withdrawDescription}>
      {(profile) => <WithdrawForPlayer profile={profile} t={t} />}
    </PlayerGate>
  );
}

function WithdrawForPlayer({ profile, t }: { profile: PlayerProfile; t: RedeemTexts }) {
  const { close } = useModalEntry();
  const [missing, setMissing] = useState<VerificationStep[]>();
  const accounts = useAccounts();
  const currencies = useCurrencies();
  const index = useMemo(() => currencyIndex(currencies.data), [currencies.data]);
  const verified = verificationSummary(profile).full && !missing?.length;

  let body;
  if (!verified)
    body = (
      <VerificationChecklist
        profile={profile}
        missing={missing}
        intro={t.verifyFirstWithdraw}
        onLeave={close}
        t={t}
      />
    );
  else if (accounts.data && currencies.data)
    body = (
      <WithdrawForm
        accounts={withdrawableAccounts(accounts.data, (code) => index.get(code)?.type)}
        currencies={index}
        t={t}
        onVerificationRequired={setMissing}
        onClose={close}
      />
    );
  else if (accounts.isError || currencies.isError) body = <FormAlert>{t.loadFailed}</FormAlert>;
  else
    body = (
      <div aria-busy="true">
        <StatusNote>{t.loading}</StatusNote>
      </div>
    );
  return (
    <ModalFrame title={t.withdrawTitle} description={t.withdrawDescription}>
      {body}
    </ModalFrame>
  );
}
