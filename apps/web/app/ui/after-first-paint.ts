/**
 * Runs `work` once the page has painted and the browser is idle: analytics and the device
 * fingerprint never delay a page. Returns a cancel function.
 */
export function afterFirstPaint(work: () => void): () => void {
  let cancelled = false;
  const idle = () => {
    if (cancelled) return;
    if ('requestIdleCallback' in window) window.requestIdleCallback(() => !cancelled && work());
    else setTimeout(() => !cancelled && work(), 1);
  };
  if (document.readyState === 'complete') requestAnimationFrame(idle);
  else window.addEventListener('load', () => requestAnimationFrame(idle), { once: true });
  return () => {
    cancelled = true;
  };
}
