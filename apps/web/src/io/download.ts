/** Saves a blob as a file through a temporary link. */
export function download(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob)
  const a = document.createElement('a')
  a.href = url
  a.download = filename
  a.rel = 'noopener'
  document.body.appendChild(a)
  a.click()
  a.remove()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}

/** A file name from a graph id: safe characters only. */
export function fileBase(id: string): string {
  return id.replace(/[^a-z0-9._-]/gi, '-') || 'graph'
}
