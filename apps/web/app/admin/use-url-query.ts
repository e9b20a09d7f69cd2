import { useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';

/**
 * The page's query as URLSearchParams, and a setter that navigates to a new one. Built on
 * useLocation/useNavigate because React Router's useSearchParams is not in the player site's
 * chunks: using it here would put its code into the router chunk every player page loads.
 */
export function useUrlQuery(): [URLSearchParams, (next: URLSearchParams) => void] {
  const { search } = useLocation();
  const navigate = useNavigate();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const set = (next: URLSearchParams) => {
    const query = next.toString();
    void navigate({ search: query ? `?${query}` : '' });
  };
  return [params, set];
}
