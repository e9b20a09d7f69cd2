import { Link } from 'react-router';
import { formatMessage, useLocalizedPath, useMessages } from '../../i18n/i18n.tsx';
import { modalMessages } from '../../i18n/messages/modals.ts';
import { retentionMessages } from '../../i18n/messages/retention.ts';
import { stringProp, useModalEntry } from '../../ui/modal/modal-entry.ts';
import {
  ModalActions,
  ModalFrame,
  PRIMARY_BUTTON,
  SECONDARY_BUTTON,
  SuccessMark,
} from '../../ui/modal/modal-frame.tsx';

/**
 * Spec §4: the bonus modal of a bonus or free spins a loyalty sublevel gave (opened by the
 * retention pushes with the sublevel and the grant as props). Leads to the bonuses, or to the
 * slot of the free spins.
 */
export default function LoyaltyRewardModal() {
  const t = useMessages(retentionMessages);
  const m = useMessages(modalMessages);
  const localize = useLocalizedPath();
  const { entry, close } = useModalEntry();
  const level = stringProp(entry, 'level') ?? '';
  const sublevel = stringProp(entry, 'sublevel') ?? '';
  const identity = stringProp(entry, 'identity');
  const game = stringProp(entry, 'game') ?? '';
  const count = typeof entry.props.count === 'number' ? entry.props.count : 0;
  const description = identity
    ? formatMessage(t.rewardModalFreeSpins, { level, sublevel, count, game })
    : formatMessage(t.rewardModalBonus, {
        level,
        sublevel,
        name: stringProp(entry, 'amount') ?? '',
      });
  return (
    <ModalFrame
      title={formatMessage(t.rewardModalTitle, { level: `${level} ${sublevel}` })}
      description={description}
    >
      <SuccessMark />
      <ModalActions>
        <Link to={localize('/profile/bonuses')} className={SECONDARY_BUTTON} onClick={close}>
          {t.rewardModalBonuses}
        </Link>
        {identity ? (
          <Link
            to={localize(`/games/${encodeURIComponent(identity)}`)}
            className={PRIMARY_BUTTON}
            onClick={close}
          >
            {formatMessage(t.rewardModalPlay, { game })}
          </Link>
        ) : (
          <button type="button" className={PRIMARY_BUTTON} onClick={close}>
            {m.ok}
          </button>
        )}
      </ModalActions>
    </ModalFrame>
  );
}
