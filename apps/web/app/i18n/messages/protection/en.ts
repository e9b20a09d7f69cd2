/** The protection texts in English, which define the keys every other locale must give. */
const en = {
  sectionTitle: 'Take a break or self-exclude',
  sectionIntro:
    'Step away from play for a while. Until it ends you cannot log in, play, buy coins, claim bonuses or redeem prizes. Nobody can shorten it, not even our support team.',
  breakLegend: 'Take a break',
  breakDay: '1 day',
  breakDays: '{days} days',
  exclusionLegend: 'Self-exclude',
  exclusion_6m: '6 months',
  exclusion_1y: '1 year',
  exclusion_3y: '3 years',
  exclusion_5y: '5 years',
  exclusion_indefinite: 'Indefinitely',
  chooseOne: 'Choose how long',
  continue: 'Continue',
  confirmTitle: 'Please confirm',
  confirmEnds:
    'You will be logged out on every device now and cannot log in until {date}. Any game round you left open is refunded. This cannot be shortened.',
  confirmIndefinite:
    'You will be logged out on every device now and cannot log in. An indefinite self-exclusion can be lifted only at your written request, no sooner than 6 months from now, and then 7 days later. Any game round you left open is refunded.',
  confirmButton: 'Yes, start it now',
  cancel: 'Cancel',
  failed: 'This could not be started. Please try again.',
  starting: 'Starting…',

  excludedTitle: 'You are taking a break',
  excludedUntil: 'Your account opens again on {date}.',
  excludedIndefinite:
    'Your self-exclusion has no end date. It can be lifted at your written request, 6 months after it started at the earliest.',
  excludedContact: 'Contact us',

  realitySectionTitle: 'Reality checks',
  realitySectionIntro:
    'While you play, we remind you how long you have been playing and what you won or lost in this session, and ask whether you want to go on. A session ends after 30 minutes without a round.',
  realityIntervalLabel: 'Remind me every',
  realityOff: 'Off',
  realityMinutes: '{minutes} minutes',
  realitySave: 'Save',
  realitySaved: 'Saved: a reality check every {minutes} minutes.',
  realitySavedOff: 'Saved: reality checks are off.',
  realitySaveFailed: 'This could not be saved. Please try again.',
  realityLoadFailed: 'Your reality check setting could not be loaded.',
  realityTitle: 'Reality check',
  realityPlayedFor: 'You have been playing for {time}.',
  realityResultTitle: 'Your result this session',
  realityNoResult: 'No round has ended yet.',
  realityResultLine: 'Played {staked}, won {won}',
  realityQuestion: 'Do you want to keep playing?',
  realityContinue: 'Keep playing',
  realityStop: 'Stop playing',
  realitySetLimit: 'Set a limit',
  realityFailed: 'Your answer could not be saved. Please try again.',
};

export default en;
