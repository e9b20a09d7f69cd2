export * from './rule-types.ts';
export { RULES, RULE_NAMES, runRule } from './rules.ts';
export { ageOn, parseIsoDate, type CalendarDate } from './date-rules.ts';
export { phoneNumberProblem } from './phone-rule.ts';
export {
  CARD_BRANDS,
  cardDigits,
  detectCardBrand,
  passesLuhn,
  type CardBrand,
} from './card-number.ts';
export * from './messages.ts';
export * from './fields.ts';
export * from './zod.ts';
export * from './postal-address.ts';
