/** index.html shows the loading splash before any script runs; spec 1 §2: it is hidden after the route change. */
export function hideStartupSplash() {
  document.getElementById('startup-splash')?.remove();
}
