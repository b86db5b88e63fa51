// The file formats come from @plexus/formats (the model's four and the map formats), like every
// other read and write of the graph.
import { FILE_FORMATS, FILES, type FileFormat } from '@plexus/formats'

export {
  tryExportFile,
  importFile as importFormat,
  lossSummary,
  sniffFormat,
  unsupportedFile,
} from '@plexus/formats'
export type { FileFormat as Format, Loss } from '@plexus/formats'

export const FORMATS = FILE_FORMATS

export const FORMAT_INFO: Record<FileFormat, { label: string; ext: string; mime: string }> =
  Object.fromEntries(
    FILE_FORMATS.map((f) => [
      f,
      {
        label: f === 'json' ? 'JSON (lossless)' : FILES[f].label.replace(/^the line DSL$/, 'Plexus DSL'),
        ext: FILES[f].extensions[0]!,
        mime: FILES[f].mime,
      },
    ]),
  ) as Record<FileFormat, { label: string; ext: string; mime: string }>

/** What the file picker accepts: every extension a format reads. */
export const ACCEPT = [...new Set(FILE_FORMATS.flatMap((f) => FILES[f].extensions.map((e) => '.' + e)))].join(
  ',',
)

/** Read as bytes (a zip) rather than text. */
export const isBinary = (f: FileFormat): boolean => FILES[f].binary === true
