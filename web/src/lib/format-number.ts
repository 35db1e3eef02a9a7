/**
 * 1234567 → "1,234,567". Grouping by hand: `toLocaleString` builds an ICU number formatter on
 * every call, which cost the gallery ~100 ms of main thread for 20 cards on a throttled phone.
 */
export const groupDigits = (n: number) => String(Math.trunc(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
