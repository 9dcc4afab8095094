/**
 * Runs `task` once the page has loaded and the browser is next idle (requestIdleCallback, or a plain task
 * where the browser lacks it). Returns the function that cancels it if it has not run yet.
 */
export function whenIdleAfterLoad(task: () => void): () => void {
  let cancelIdle = () => {};
  const schedule = () => {
    if (typeof requestIdleCallback === "function") {
      const handle = requestIdleCallback(task);
      cancelIdle = () => cancelIdleCallback(handle);
    } else {
      const handle = setTimeout(task, 0);
      cancelIdle = () => clearTimeout(handle);
    }
  };
  if (document.readyState === "complete") {
    schedule();
    return () => cancelIdle();
  }
  window.addEventListener("load", schedule, { once: true });
  return () => {
    window.removeEventListener("load", schedule);
    cancelIdle();
  };
}
