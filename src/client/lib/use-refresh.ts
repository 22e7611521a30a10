import { useQueryClient, type QueryKey } from '@tanstack/react-query';

/**
 * After a change: the queries under each of `keys` are read again, so every screen showing them
 * shows the change. The promise settles once they have been (a mutation stays pending until then).
 */
export function useRefresh(...keys: QueryKey[]) {
  const client = useQueryClient();
  return () => Promise.all(keys.map((queryKey) => client.invalidateQueries({ queryKey })));
}
