/** Touch gesture constants of spec §9, in CSS pixels and milliseconds. */
export const TOUCH_TAP_TOLERANCE_PX = 10;
export const TOUCH_SWIPE_TOLERANCE_PX = 30;
export const TOUCH_HOLD_MS = 400;
export const TOUCH_LONG_TAP_MS = 400;
export const TOUCH_DRAG_FREQUENCY_MS = 100;
