/** "just now", "5 minutes ago", "3 hours ago", "2 days ago": how old a stored copy is. */
export function describeAge(updatedAt: number, now: number): string {
  const minutes = Math.floor(Math.max(0, now - updatedAt) / 60_000);
  if (minutes < 1) return 'just now';
  const [value, unit] =
    minutes < 60 ? [minutes, 'minute'] : minutes < 24 * 60 ? [Math.floor(minutes / 60), 'hour'] : [Math.floor(minutes / (24 * 60)), 'day'];
  return `${value} ${unit}${value === 1 ? '' : 's'} ago`;
}
