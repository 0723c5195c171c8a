/** The clipboard API needs a secure context; a server on plain http on the LAN falls back to the selection. */
export async function copyText(text: string, input: HTMLInputElement | null): Promise<boolean> {
  try {
    if (navigator.clipboard) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // denied: try the selection below
  }
  input?.select();
  return typeof document.execCommand === 'function' && document.execCommand('copy');
}
