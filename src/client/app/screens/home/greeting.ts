/** docs/product.md §2 Home: before 12 morning, before 18 afternoon, otherwise evening. */
export function greeting(hour: number): string {
  if (hour < 12) return 'Good morning';
  if (hour < 18) return 'Good afternoon';
  return 'Good evening';
}
