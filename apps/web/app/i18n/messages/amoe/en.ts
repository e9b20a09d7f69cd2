const en = {
  title: 'Free entry by mail',
  intro:
    'No purchase is necessary: you can receive Sweeps Coins by sending a request by post. Generate a request code here and write it on your request.',
  generate: 'Generate a request code',
  terms:
    'Each valid request credits {amount} once it is received and recorded. One request per envelope; at most {perDay} per day and {perMonth} per month by postmark. A code is single-use and valid for {days} days; you may hold {unused} unused codes.',
  howTo:
    'On a sheet of paper, write by hand your full name, the email address of your account and the code, and mail it in its own envelope to the address in the Sweepstakes Rules.',
  none: 'You have no request codes yet.',
  codesLabel: 'Your request codes',
  statusUnused: 'Not used yet',
  statusUsed: 'Credited',
  statusExpired: 'Expired',
  expires: 'valid until {date}',
  rulesLink: 'Read the Sweepstakes Rules (free entry by mail)',
};
export default en;
