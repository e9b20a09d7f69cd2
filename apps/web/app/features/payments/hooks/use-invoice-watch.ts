import { useCallback, useEffect, useRef, useState } from 'react';
import type { Invoice } from '@coinfall/shared/contracts/payment';
import { fetchInvoice } from '../api/invoice.ts';
import { nextPollDelay } from '../invoice-watch.fns.ts';

export interface InvoiceWatch {
  /** The latest reading (the POST's answer until the first poll). */
  invoice: Invoice | undefined;
  /** Reads the invoice now (a 3-D Secure message says the player is done), then keeps polling. */
  pollNow: () => void;
}

/**
 * Follows an invoice until it settles (spec §4: success or rejected), polling by the stop rule of
 * invoice-watch.fns. A failed read is retried on the next tick; the API is the only source of
 * truth for the outcome, never a window message.
 */
export function useInvoiceWatch(initial: Invoice | undefined): InvoiceWatch {
  // The latest poll's answer; the POST's answer stands until a reading of that invoice arrives.
  const [reading, setReading] = useState<Invoice>();
  const latest = useRef(initial);
  const pollNowRef = useRef<() => void>(() => undefined);
  const id = initial?.id;

  useEffect(() => {
    latest.current = initial;
    if (!initial) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const started = Date.now();

    const schedule = (delay: number | undefined) => {
      if (stopped || delay === undefined) return;
      timer = setTimeout(() => void read(), delay);
    };
    const read = async () => {
      clearTimeout(timer);
      try {
        const next = await fetchInvoice(initial.id);
        if (stopped) return;
        latest.current = next;
        setReading(next);
      } catch {
        // Offline or a transient failure: the next tick tries again.
      }
      schedule(nextPollDelay(latest.current, Date.now() - started));
    };
    pollNowRef.current = () => void read();
    schedule(nextPollDelay(initial, 0));
    return () => {
      stopped = true;
      clearTimeout(timer);
      pollNowRef.current = () => undefined;
    };
    // One watch per invoice id; a new POST answer for the same invoice needs no new loop.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id]);

  const pollNow = useCallback(() => pollNowRef.current(), []);
  const invoice = reading && reading.id === initial?.id ? reading : initial;
  return { invoice, pollNow };
}
