import { describe, expect, it } from 'vitest';
import type { Currency } from '@coinfall/shared/contracts/core';
import type { WalletAccount } from '@coinfall/shared/contracts/wallet';
import {
  activeAccountOf,
  createFailureOf,
  isWithdrawable,
  openableCurrencies,
  visibleAccounts,
} from './accounts.fns';

const account = (currency: string, extra: Partial<WalletAccount> = {}): WalletAccount => ({
  id: `00000000-0000-4000-8000-${currency.padStart(12, '0')}`,
  currency,
  balance: 0,
  status: 0,
  hidden: false,
  equivalent: { currency: 'USD', amount: '0.00' },
  ...extra,
});

const currency = (code: string, isEnabled = true): Currency => ({
  code,
  type: 'fiat',
  symbol: code,
  name: code,
  isEnabled,
  isBase: false,
  subunitToUnit: 100,
  rate: { rate: '1', updatedAt: '2026-01-01T00:00:00.000Z' },
  subCurrencies: [],
});

describe('activeAccountOf', () => {
  it('finds the account with status 1', () => {
    const active = account('USD', { status: 1 });
    expect(activeAccountOf([account('GC'), active])).toBe(active);
  });

  it('finds none in an empty list', () => {
    expect(activeAccountOf([])).toBeUndefined();
  });
});

describe('visibleAccounts', () => {
  it('leaves hidden accounts out and puts the active one first', () => {
    const list = [account('GC', { hidden: true }), account('SC'), account('USD', { status: 1 })];
    expect(visibleAccounts(list).map((a) => a.currency)).toEqual(['USD', 'SC']);
  });
});

describe('openableCurrencies', () => {
  it('offers enabled currencies the player holds no account in, hidden ones counting as held', () => {
    const currencies = [currency('GC'), currency('SC'), currency('USD'), currency('EUR', false)];
    const accounts = [account('GC', { status: 1 }), account('SC', { hidden: true })];
    expect(openableCurrencies(currencies, accounts).map((c) => c.code)).toEqual(['USD']);
  });
});

describe('createFailureOf', () => {
  it('reads 409 as an account that exists already', () => {
    expect(createFailureOf(409)).toBe('exists');
    expect(createFailureOf(400)).toBe('invalid');
    expect(createFailureOf(500)).toBe('other');
    expect(createFailureOf(undefined)).toBe('other');
  });
});

describe('isWithdrawable', () => {
  const types = new Map([
    ['USD', { type: 'fiat' as const }],
    ['BTC', { type: 'crypto' as const }],
    ['GC', { type: 'virtual' as const }],
  ]);
  it('offers a withdrawal from money accounts only, never from coins or unknown currencies', () => {
    expect(isWithdrawable(account('USD'), types)).toBe(true);
    expect(isWithdrawable(account('BTC'), types)).toBe(true);
    expect(isWithdrawable(account('GC'), types)).toBe(false);
    expect(isWithdrawable(account('XYZ'), types)).toBe(false);
  });
});
