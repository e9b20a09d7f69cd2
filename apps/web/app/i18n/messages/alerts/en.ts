/** The alerts texts in English, which define the keys every other locale must give. */
const en = {
  regionLabel: 'Notifications',
  dismiss: 'Dismiss notification',
  view: 'View',
  fallbackTitle: 'Notification',
};

export default en;
