import { SHAPES, type NodeView, type Shape } from '@plexus/model'
import { colorOf, shapeOf } from '../canvas/node-style.ts'
import { PICKABLE_COLORS, PICKABLE_SHAPES, SHAPE_LABEL } from '../canvas/style.ts'
import { Field } from './Field.tsx'
import type { NodeUpdate } from './NodeFields.tsx'

/** How the node looks: its shape and colour (also Alt+S and Alt+C on the canvas). */
export function StyleFields({ n, update }: { n: NodeView; update: (u: NodeUpdate) => void }) {
  const shape = shapeOf(n) ?? 'rect'
  // An imported shape a person would not pick is still listed, so the select shows the truth.
  const shapes: readonly Shape[] = (PICKABLE_SHAPES as readonly Shape[]).includes(shape)
    ? PICKABLE_SHAPES
    : [...PICKABLE_SHAPES, shape]
  const color = typeof n.color === 'string' && colorOf(n) ? n.color : null
  return (
    <div className="field-row">
      <Field label="Shape" htmlFor="insp-shape">
        <select
          id="insp-shape"
          className="input"
          value={shape}
          data-testid="insp-shape"
          onChange={(e) => update({ shape: e.target.value === 'rect' ? null : e.target.value })}
        >
          {shapes
            .filter((s) => (SHAPES as readonly string[]).includes(s))
            .map((s) => (
              <option key={s} value={s}>
                {SHAPE_LABEL[s]}
              </option>
            ))}
        </select>
      </Field>
      <Field label="Colour">
        <div className="swatches" role="radiogroup" aria-label="Colour">
          <button
            type="button"
            role="radio"
            aria-checked={color === null}
            className="swatch none"
            title="No colour"
            aria-label="No colour"
            data-testid="insp-color-none"
            onClick={() => color !== null && update({ color: null })}
          />
          {PICKABLE_COLORS.map(([key, name]) => (
            <button
              key={key}
              type="button"
              role="radio"
              aria-checked={color === key}
              className="swatch"
              style={{ background: colorOf({ color: key })! }}
              title={name}
              aria-label={name}
              data-testid={`insp-color-${key}`}
              onClick={() => color !== key && update({ color: key })}
            />
          ))}
          {color !== null && !PICKABLE_COLORS.some(([k]) => k === color) && (
            <span
              className="swatch own"
              role="radio"
              aria-checked
              title={color}
              style={{ background: color }}
            />
          )}
        </div>
      </Field>
    </div>
  )
}
