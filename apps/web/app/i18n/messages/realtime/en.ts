/** The realtime texts in English, which define the keys every other locale must give. */
const en = {
  statusConnected: 'Live updates: connected',
  statusConnecting: 'Live updates: connecting',
  statusDisconnected: 'Live updates: offline',

  winnersTitle: 'Latest winners',
  topWinnersTitle: 'Top winners today',
  winnersEmpty: 'Big wins from players will show up here live.',
  activityTitle: 'Live activity',
  activityEmpty: 'Wins from the games will show up here as they happen.',
  boardLoading: 'Loading…',
  boardFailed: 'This could not be loaded.',
  retry: 'Try again',
  winRow: '{nickname} won {amount} on {game}',
  multiplier: '×{multiplier}',
  newActivity: '{nickname} just won {amount} on {game}',
};

export default en;
