import { providerOriginOf, readThreeDsMessage } from './three-ds.fns';

const expected = { origin: 'https://pay.example', invoiceId: 'inv-1' };
const good = { type: 'coinfall:3ds', invoiceId: 'inv-1', status: 2 };

describe('3-D Secure messages', () => {
  it('accepts the provider’s message about the invoice being paid', () => {
    expect(readThreeDsMessage({ origin: 'https://pay.example', data: good }, expected)).toEqual({
      invoiceId: 'inv-1',
      status: 2,
    });
  });

  it('accepts the provider’s words for the outcome as well as a status number', () => {
    for (const status of ['success', 'fail', 'processing'])
      expect(
        readThreeDsMessage({ origin: expected.origin, data: { ...good, status } }, expected),
      ).toEqual({ invoiceId: 'inv-1', status });
  });

  it('ignores messages from any other origin, even with the right shape', () => {
    for (const origin of ['https://evil.example', 'http://pay.example', 'null', ''])
      expect(readThreeDsMessage({ origin, data: good }, expected)).toBeUndefined();
  });

  it('ignores other shapes and other invoices', () => {
    const from = (data: unknown) => readThreeDsMessage({ origin: expected.origin, data }, expected);
    expect(from('coinfall:3ds')).toBeUndefined();
    expect(from(null)).toBeUndefined();
    expect(from({ ...good, type: 'other' })).toBeUndefined();
    expect(from({ ...good, invoiceId: 'inv-2' })).toBeUndefined();
    expect(from({ ...good, status: '2' })).toBeUndefined();
    expect(from({ ...good, status: 'approved' })).toBeUndefined();
    expect(from({ ...good, status: 2.5 })).toBeUndefined();
  });

  it('takes the provider origin from the hosted page URL, relative ones on the site', () => {
    expect(providerOriginOf('https://pay.example/3ds/abc?x=1', 'https://site.example')).toBe(
      'https://pay.example',
    );
    expect(providerOriginOf('/api/sandbox/3ds/abc', 'http://127.0.0.1:3000')).toBe(
      'http://127.0.0.1:3000',
    );
    expect(providerOriginOf('javascript:alert(1)', 'https://site.example')).toBeUndefined();
  });
});
