import type { AdminPlayerProfile } from '@coinfall/shared/contracts/admin-players';
import type { Currency } from '@coinfall/shared/contracts/core';
import { EmptyState } from '../../ui/empty-state';
import {
  betStatusName,
  bonusStatusName,
  formatAmount,
  formatInstant,
  invoiceStatusName,
  invoiceTypeName,
  refundText,
  playerStatusName,
} from '../format.fns';
import { Facts } from './facts';
import { DataTable } from './paged-table';
import { DevicesPanel } from './player-devices';
import { ProtectionPanel } from './player-protection';
import { SegmentsPanel } from './player-segments';

type Profile = AdminPlayerProfile;
type Currencies = readonly Currency[] | undefined;

export const PROFILE_TABS = [
  'overview',
  'balances',
  'limits',
  'ledger',
  'rounds',
  'payments',
  'bonuses',
  'protection',
  'segments',
  'devices',
] as const;
export type ProfileTab = (typeof PROFILE_TABS)[number];

export const PROFILE_TAB_LABELS: Record<ProfileTab, string> = {
  overview: 'Overview',
  balances: 'Balances',
  limits: 'Limits',
  ledger: 'Ledger',
  rounds: 'Rounds',
  payments: 'Purchases & redemptions',
  bonuses: 'Bonuses',
  protection: 'Protection',
  segments: 'Segments',
  devices: 'Devices',
};

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

/** One tab's panel of the profile: what the API returns, as read-only tables. */
export function ProfilePanel({
  tab,
  profile,
  currencies,
}: {
  tab: ProfileTab;
  profile: Profile;
  currencies: Currencies;
}) {
  const money = (amount: number, currency: string) => formatAmount(amount, currency, currencies);
  const { player } = profile;
  switch (tab) {
    case 'overview':
      return (
        <Facts
          rows={[
            ['Player id', <code key="id">{player.id}</code>],
            ['Email', `${player.email} (${player.emailConfirmed ? 'confirmed' : 'not confirmed'})`],
            [
              'Phone',
              player.phone
                ? `${player.phone} (${player.phoneConfirmed ? 'confirmed' : 'not confirmed'})`
                : '—',
            ],
            ['Name', [player.firstName, player.lastName].filter(Boolean).join(' ') || '—'],
            ['Birthdate', player.birthdate ?? '—'],
            ['Country', player.country ?? '—'],
            ['Status', player.removed ? 'Removed the account' : playerStatusName(player.status)],
            ['Identity verified (KYC)', yesNo(player.kycVerified)],
            ['Live sessions', String(profile.liveSessions)],
            ['Segments', player.segmentIds.length ? player.segmentIds.join(', ') : '—'],
            ['Registered', formatInstant(player.createdAt)],
          ]}
        />
      );
    case 'balances':
      return profile.balances.length === 0 ? (
        <EmptyState text="No wallet accounts." />
      ) : (
        <DataTable
          caption="Balances"
          rows={profile.balances}
          rowKey={(b) => `${b.currency}-${b.kind}`}
          columns={[
            { header: 'Currency', cell: (b) => b.currency },
            { header: 'Account', cell: (b) => (b.kind === 'bonus' ? 'Bonus' : 'Cash') },
            { header: 'Active', cell: (b) => yesNo(b.active) },
            { header: 'Balance', numeric: true, cell: (b) => money(b.balance, b.currency) },
          ]}
        />
      );
    case 'limits':
      return profile.limits.length === 0 ? (
        <EmptyState text="The player set no limits." />
      ) : (
        <DataTable
          caption="Limits"
          rows={profile.limits}
          rowKey={(l) => `${l.type}-${l.period}-${l.currency}`}
          columns={[
            { header: 'Limit', cell: (l) => l.type },
            { header: 'Period', cell: (l) => l.period },
            { header: 'Amount', numeric: true, cell: (l) => money(l.amount, l.currency) },
            {
              header: 'Pending change',
              numeric: true,
              cell: (l) => (l.pendingAmount === null ? '—' : money(l.pendingAmount, l.currency)),
            },
          ]}
        />
      );
    case 'ledger':
      return profile.ledger.length === 0 ? (
        <EmptyState text="No ledger entries." />
      ) : (
        <DataTable
          caption="Recent ledger entries, newest first"
          rows={profile.ledger}
          rowKey={(e) => `${e.transactionId}-${e.currency}-${e.amount}`}
          columns={[
            { header: 'When', cell: (e) => formatInstant(e.at) },
            { header: 'Kind', cell: (e) => e.kind },
            { header: 'Amount', numeric: true, cell: (e) => money(e.amount, e.currency) },
            {
              header: 'Transaction',
              cell: (e) => <code className="text-xs">{e.transactionId}</code>,
            },
          ]}
        />
      );
    case 'rounds':
      return profile.rounds.length === 0 ? (
        <EmptyState text="No game rounds." />
      ) : (
        <DataTable
          caption="Recent game rounds, newest first"
          rows={profile.rounds}
          rowKey={(r) => r.id}
          columns={[
            { header: 'When', cell: (r) => formatInstant(r.createdAt) },
            { header: 'Game', cell: (r) => r.game },
            { header: 'Bet', numeric: true, cell: (r) => money(r.bet, r.currency) },
            { header: 'Payout', numeric: true, cell: (r) => money(r.payout, r.currency) },
            { header: 'Status', cell: (r) => betStatusName(r.status) },
          ]}
        />
      );
    case 'payments':
      return profile.invoices.length === 0 ? (
        <EmptyState text="No purchases or redemptions." />
      ) : (
        <DataTable
          caption="Purchases and redemptions, newest first"
          rows={profile.invoices}
          rowKey={(i) => i.id}
          columns={[
            { header: 'When', cell: (i) => formatInstant(i.createdAt) },
            { header: 'Type', cell: (i) => invoiceTypeName(i.type) },
            { header: 'Status', cell: (i) => invoiceStatusName(i.status) },
            { header: 'Amount', numeric: true, cell: (i) => money(i.amount, i.currency) },
            {
              header: 'Failure / refund',
              cell: (i) => [i.failureCode, refundText(i.refund)].filter(Boolean).join(' · ') || '—',
            },
            { header: 'Invoice', cell: (i) => <code className="text-xs">{i.id}</code> },
          ]}
        />
      );
    case 'bonuses':
      return profile.bonuses.length === 0 ? (
        <EmptyState text="No bonuses." />
      ) : (
        <DataTable
          caption="Bonuses"
          rows={profile.bonuses}
          rowKey={(b) => String(b.id)}
          columns={[
            { header: 'Issued', cell: (b) => formatInstant(b.issuedAt) },
            { header: 'Status', cell: (b) => bonusStatusName(b.status) },
            { header: 'Amount', numeric: true, cell: (b) => money(b.amount, b.currency) },
            {
              header: 'Wagered',
              numeric: true,
              cell: (b) =>
                `${money(b.wagered, b.currency)} of ${money(b.wageringRequired, b.currency)}`,
            },
          ]}
        />
      );
    case 'protection':
      return <ProtectionPanel playerId={player.id} protection={profile.protection} />;
    case 'segments':
      return <SegmentsPanel playerId={player.id} />;
    case 'devices':
      return <DevicesPanel devices={profile.devices} sharedDevices={profile.sharedDevices} />;
  }
}
