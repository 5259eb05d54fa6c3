/**
 * Copies text. The Clipboard API needs a secure context; a self-hosted instance on plain
 * http:// in a LAN is not one, so fall back to a selected, off-screen textarea.
 */
export async function copyText(text: string): Promise<void> {
  if (window.isSecureContext && navigator.clipboard) {
    await navigator.clipboard.writeText(text);
    return;
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  // execCommand is deprecated but is the only way to copy outside a secure context.
  const isCopied = document.execCommand('copy');
  area.remove();
  if (!isCopied) throw new Error('The browser refused to copy');
}
