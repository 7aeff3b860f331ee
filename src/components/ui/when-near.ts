/**
 * Resolves once the element with this id comes within `margin` of the viewport: at once where
 * there is no such element or no IntersectionObserver, so nothing waits forever. An aborted
 * `signal` stops watching; the promise then never resolves.
 */
export function whenNear(id: string, margin = '600px 0px', signal?: AbortSignal): Promise<void> {
  return new Promise((near) => {
    const element = document.getElementById(id);
    if (!element || typeof IntersectionObserver === 'undefined') {
      near();
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        near();
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    signal?.addEventListener('abort', () => observer.disconnect());
  });
}
