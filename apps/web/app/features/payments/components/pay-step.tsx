import type { ReactNode } from 'react';
import type { PaymentMethodList } from '@coinfall/shared/contracts/payment';
import { usePurchaseMethods } from '../api/purchase-methods.ts';
import { useMethodsFailure } from '../hooks/use-methods-failure.ts';
import { LoadFailed, LoadingBlock } from './payment-ui.tsx';

interface Loadable {
  isPending: boolean;
  isError: boolean;
  refetch: () => unknown;
}

/**
 * The step every payment screen starts with: the player's purchase methods (GET
 * /api/payment/methods/purchase) with the spec §8 failure routing, a skeleton while they load,
 * a retry when they fail, then the screen itself. `before` is another read the screen needs
 * (the purchase's bundles): it loads alongside and its failure is shown first.
 */
export function PayStep({
  rows,
  before,
  children,
}: {
  rows: number;
  before?: Loadable;
  children: (methods: PaymentMethodList) => ReactNode;
}) {
  const methods = usePurchaseMethods();
  useMethodsFailure(methods.error);
  if (before?.isPending || methods.isPending) return <LoadingBlock rows={rows} />;
  if (before?.isError) return <LoadFailed onRetry={() => void before.refetch()} />;
  if (methods.isError) return <LoadFailed onRetry={() => void methods.refetch()} />;
  return <>{children(methods.data)}</>;
}
