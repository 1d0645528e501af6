// Framework-free DOM helpers of the plain-DOM bundles (the OBS overlay and the widgets).

/** Creates an element with a class and optional text (text only through textContent: user text stays text). */
export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className: string,
  text?: string,
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}
