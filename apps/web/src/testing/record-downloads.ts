/**
 * Records the downloads the page starts (a click on an `<a download>`, as `startDownload` makes), by
 * their `href` as written, and stops the click there (jsdom cannot navigate). No module is mocked: the
 * real `startDownload` runs, so the tests hold whatever order the test files share a worker in.
 */
export function recordDownloads(): { urls: string[]; stop: () => void } {
  const urls: string[] = [];
  const onClick = (event: MouseEvent) => {
    const target = event.target;
    if (target instanceof HTMLAnchorElement && target.hasAttribute('download')) {
      event.preventDefault();
      urls.push(target.getAttribute('href') ?? '');
    }
  };
  document.addEventListener('click', onClick, true);
  return { urls, stop: () => document.removeEventListener('click', onClick, true) };
}
