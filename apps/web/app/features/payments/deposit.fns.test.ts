import type { PaymentMethod } from '@coinfall/shared/contracts/payment';
import type { CurrencyFormat } from '../wallet/money.fns';
import { depositMethodId, depositOptionOf, parseDepositAmount } from './deposit.fns';

const USD: CurrencyFormat = { code: 'USD', type: 'fiat', subunitToUnit: 100, subCurrencies: [] };
const BTC: CurrencyFormat = {
  code: 'BTC',
  type: 'crypto',
  subunitToUnit: 100_000_000,
  subCurrencies: ['mBTC'],
};

describe('deposit amount', () => {
  it('reads dollars into cents exactly', () => {
    expect(parseDepositAmount('10', USD)).toBe(1000);
    expect(parseDepositAmount('0.29', USD)).toBe(29);
    expect(parseDepositAmount('12,5', USD)).toBe(1250);
  });

  it('reads mBTC (the unit BTC is shown in) into satoshis', () => {
    expect(parseDepositAmount('1.5', BTC)).toBe(150_000);
  });

  it('refuses zero, negatives, text and more decimals than the unit has', () => {
    for (const text of ['', '0', '-1', 'ten', '1.234', '1e3']) {
      expect(parseDepositAmount(text, USD)).toBeUndefined();
    }
  });
});

describe('deposit method', () => {
  const crypto = { id: 'crypto:BTC', type: 'crypto', currencies: ['BTC'] } as PaymentMethod;
  it('pays USD with the chosen card and crypto with the provider method', () => {
    expect(depositMethodId(depositOptionOf('USD'), [crypto], 'pm_1')).toBe('pm_1');
    expect(depositMethodId(depositOptionOf('BTC'), [crypto], 'pm_1')).toBe('crypto:BTC');
    expect(depositMethodId(depositOptionOf('ETH'), [crypto], undefined)).toBe('crypto:ETH');
    expect(depositOptionOf('XYZ').currency).toBe('USD');
  });
});
