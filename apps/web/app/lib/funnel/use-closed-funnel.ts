import { useRootData } from '../root-data';
import { isClosedFunnel } from './funnel.fns';

/**
 * A guest of a semi-closed funnel (decision 063): the shell hides the secondary exits and game
 * tiles lead to sign-up. Players see the whole site: once registered, the funnel hides nothing.
 * From the root data, so the server and the browser render alike.
 */
export function useClosedFunnelGuest(): boolean {
  const { isAuthenticated, funnel } = useRootData();
  return !isAuthenticated && isClosedFunnel(funnel.funnelType);
}
