import { useEffect, useState } from "react";
import useSWR from "swr";

/** Fetches started by fresh-load hooks so far; each answer remembers the number of its fetch. */
let started = 0;
const fetchNumber = new WeakMap<object, number>();

/**
 * A read for an edit form: the record only once it has been fetched after the form opened (or
 * after the key changed), never a copy another page left in the cache, so a save is based on
 * what is stored now. The hook starts its own request when it mounts: SWR's mount revalidation
 * would join a request another page started a moment earlier (its dedupe window) and hand over
 * that older answer. It is not revalidated behind the form's back either (no focus or reconnect
 * refresh): the version the form was loaded with must stay the one it sends.
 */
export function useFreshLoad<T extends object>(key: string | null, fetcher: () => Promise<T>) {
  const load = async () => {
    const number = ++started;
    const value = await fetcher();
    fetchNumber.set(value, number);
    return value;
  };
  // Answers of fetches started after this point are fresh.
  const [since, setSince] = useState(() => ({ key, at: started }));
  if (since.key !== key) setSince({ key, at: started });
  const [failure, setFailure] = useState<{ key: string; error: unknown } | null>(null);
  const swr = useSWR(key, load, {
    revalidateOnMount: false,
    revalidateIfStale: false,
    revalidateOnFocus: false,
    revalidateOnReconnect: false,
    dedupingInterval: 0,
    keepPreviousData: false,
    // A fresh answer equal to the cached one must still replace it (it carries its fetch number).
    compare: (a, b) => a === b,
  });
  const { mutate } = swr;

  useEffect(() => {
    if (key === null) return;
    let live = true;
    load().then(
      (value) => {
        if (live) void mutate(value, { revalidate: false });
      },
      (error: unknown) => {
        if (live) setFailure({ key, error });
      },
    );
    return () => {
      live = false;
    };
    // One request per key (the fetcher is derived from the key).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, mutate]);

  const fresh = swr.data !== undefined && since.key === key && (fetchNumber.get(swr.data) ?? 0) > since.at;
  const error = fresh ? undefined : failure && failure.key === key ? failure.error : undefined;
  return {
    data: fresh ? swr.data : undefined,
    error,
    isLoading: key !== null && !fresh && error === undefined,
    mutate,
  };
}
