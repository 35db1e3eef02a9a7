import { useState } from "react";
import useSWR from "swr";

/** Fetches started by fresh-load hooks so far; each answer remembers the number of its fetch. */
let started = 0;
const fetchNumber = new WeakMap<object, number>();

/**
 * A read for an edit form: the record only once it has been fetched after the form opened (or
 * after the key changed), never a copy another page left in the cache, so a save is based on
 * what is stored now. It is not revalidated behind the form's back either (no focus or reconnect
 * refresh): the version the form was loaded with must stay the one it sends.
 */
export function useFreshLoad<T extends object>(key: string | null, fetcher: () => Promise<T>) {
  // Answers of fetches started after this point are fresh.
  const [since, setSince] = useState(() => ({ key, at: started }));
  if (since.key !== key) setSince({ key, at: started });
  const swr = useSWR(
    key,
    async () => {
      const number = ++started;
      const value = await fetcher();
      fetchNumber.set(value, number);
      return value;
    },
    {
      revalidateOnMount: true,
      revalidateIfStale: true,
      revalidateOnFocus: false,
      revalidateOnReconnect: false,
      dedupingInterval: 0,
      keepPreviousData: false,
      // A fresh answer equal to the cached one must still replace it (it carries its fetch number).
      compare: (a, b) => a === b,
    },
  );
  const fresh = swr.data !== undefined && (fetchNumber.get(swr.data) ?? 0) > since.at && since.key === key;
  return {
    data: fresh ? swr.data : undefined,
    error: swr.error as unknown,
    isLoading: key !== null && !fresh && !swr.error,
    mutate: swr.mutate,
  };
}
