/** Background colours of initials avatars; each keeps white text above 4.5:1 contrast. */
const COLOURS = ['#3f6ab0', '#7a4fb0', '#a0447a', '#b0463f', '#8a5a12', '#3f7a3f', '#2f6f6f', '#55606e'];

/**
 * A user's avatar: the uploaded image when it is on this server, else their initials on a
 * colour of their own (the page loads no image from another origin, such as Gravatar).
 */
export function Avatar({
  userId,
  name,
  url,
  size = 36,
}: {
  userId: number;
  name: string;
  url: string | null | undefined;
  size?: number;
}) {
  const style = { width: `${size}px`, height: `${size}px` };
  if (url && (url.startsWith('/') || url.startsWith(location.origin))) {
    return <img class="avatar" src={url} alt="" style={style} loading="lazy" />;
  }
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('');
  return (
    <span
      class="avatar avatar-initials"
      aria-hidden="true"
      style={{ ...style, background: COLOURS[userId % COLOURS.length], fontSize: `${Math.round(size * 0.4)}px` }}
    >
      {initials || '?'}
    </span>
  );
}
