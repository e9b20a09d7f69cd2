import { useLocation } from 'react-router';

export const MODAL_PARAM = 'modal';

/** A link target that opens a keyed modal on the current page (spec §2 "Modals"). */
export function useModalHref(): (key: string) => { pathname: string; search: string } {
  const { pathname, search } = useLocation();
  return (key) => {
    const params = new URLSearchParams(search);
    params.set(MODAL_PARAM, key);
    return { pathname, search: `?${params.toString()}` };
  };
}
