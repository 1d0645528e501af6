/** A round avatar: the picture when there is one, else the first letter of the name (fallback U). */
export function Avatar({ name, src, size = 36 }: { name: string; src?: string | null; size?: number }) {
  const initial = (name.trim()[0] ?? 'U').toUpperCase();
  return src ? (
    <img className="avatar" src={src} alt="" width={size} height={size} />
  ) : (
    <span className="avatar avatar-initial" style={{ width: size, height: size }} aria-hidden="true">
      {initial}
    </span>
  );
}
