import { DEPENDS_ON, RELATES_TO, relationOf, relationWords, type Graph } from '@plexus/model'
import { useMemo, useState } from 'react'
import { link } from '../canvas/commands.ts'
import { useWorkspace } from '../canvas/workspace.ts'
import { findNodes } from '../graph/find.ts'
import { comboboxKeys } from '../ui/combobox.ts'

/**
 * Connects the node to another one found by name, without the mouse: type, pick with the arrows,
 * Enter. The edge type is chosen next to it (depends on, relates to, or any word).
 */
export function AddRelation({ g, id }: { g: Graph; id: string }) {
  const ws = useWorkspace()
  const [q, setQ] = useState('')
  const [type, setType] = useState<string>(DEPENDS_ON)
  const [active, setActive] = useState(0)
  const results = useMemo(() => findNodes(g, q, 6).filter((r) => r.id !== id), [g, q, id])
  const choose = (i: number) => {
    const r = results[i]
    if (!r) return
    link(ws, id, r.id, relationOf(type))
    setQ('')
  }
  return (
    <div className="add-rel">
      <div className="kv-row">
        <select
          className="input narrow"
          value={type}
          onChange={(e) => setType(e.target.value)}
          aria-label="Edge type"
        >
          <option value={DEPENDS_ON}>{relationWords(DEPENDS_ON)}</option>
          <option value={RELATES_TO}>{relationWords(RELATES_TO)}</option>
          <option value="blocks">blocks</option>
          <option value="supports">supports</option>
        </select>
        <input
          className="input"
          placeholder="Connect to… (type a name)"
          value={q}
          aria-label="Connect to a node"
          role="combobox"
          aria-expanded={results.length > 0}
          data-testid="add-relation"
          onChange={(e) => {
            setQ(e.target.value)
            setActive(0)
          }}
          onKeyDown={comboboxKeys(results.length, active, setActive, choose, () => setQ(''))}
        />
      </div>
      {q && results.length > 0 && (
        <ul className="add-rel-results" role="listbox">
          {results.map((r, i) => (
            <li
              key={r.id}
              role="option"
              aria-selected={i === active}
              className={i === active ? 'active' : ''}
              onPointerEnter={() => setActive(i)}
              onClick={() => choose(i)}
            >
              <span className={`dot st-${r.status}`} />
              {r.summary}
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
