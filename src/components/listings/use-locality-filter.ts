import type { LocalityLink } from '../../data/localities';
import { inLocality, localityFromParam, localityToParams } from '../../data/localities';
import { useUrlParams } from './use-url-params';

/** The locality filter of a listing page, kept in the address as ?locality={route}. */
export function useLocalityFilter<T extends { localityRoute: string | null }>(
  items: readonly T[],
  localities: readonly LocalityLink[],
) {
  const [params, setParams] = useUrlParams();
  const locality = localityFromParam(params.get('locality'), localities);
  return {
    locality,
    shown: inLocality(items, locality),
    place: localities.find((l) => l.route === locality)?.name ?? null,
    setLocality: (route: string | null) => setParams(localityToParams(route)),
    carry: localityToParams(locality).toString(),
  };
}
