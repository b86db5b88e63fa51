import { GRAPH_ID } from '@plexus/model'
import { useCallback, useEffect, useState, type FormEvent } from 'react'
import { saveIdentity, type Identity } from '../identity.ts'
import { CommitInput } from '../inspector/Field.tsx'
import { graphPath, navigate } from '../router.ts'
import { useUI } from '../store.ts'
import { Icon } from '../ui/Icon.tsx'
import { Account } from '../ui/SignIn.tsx'
import { ThemeToggle } from '../ui/ThemeToggle.tsx'
import { ago, stamp } from '../ui/time.ts'
import { Toasts } from '../ui/Toasts.tsx'
import { liveQuery } from 'dexie'
import { listLocalGraphs } from '../sync/db.ts'
import {
  createGraph,
  deleteGraph,
  loadRows,
  mergeRows,
  renameGraph,
  serverRows,
  type GraphRow,
} from './graphs.ts'

/** The graphs on this device and on the server: create, open, rename, delete. */
export function Home({ identity, onIdentity }: { identity: Identity; onIdentity: (i: Identity) => void }) {
  const { rows, serverError, refresh } = useGraphRows()
  const toast = useUI((s) => s.toast)

  const remove = async (row: GraphRow) => {
    if (
      !confirm(
        `Delete “${row.title}”${row.server ? ' from this device and from the server' : ' from this device'}? This cannot be undone.`,
      )
    )
      return
    const err = await deleteGraph(row)
    if (err) toast({ text: `Deleted here, but not on the server: ${err}`, tone: 'error' })
    void refresh()
  }

  const rename = async (row: GraphRow) => {
    const t = prompt('New name', row.title)?.trim()
    if (!t || t === row.title) return
    await renameGraph(row.id, t, identity)
    void refresh()
  }

  return (
    <div className="home">
      <HomeHeader identity={identity} onIdentity={onIdentity} />
      <main className="home-main">
        <section className="home-hero">
          <h1>Your graphs</h1>
          <p className="muted">
            Map ideas and plans with people and agents. Everything works offline and syncs when you are back.
          </p>
          <NewGraph identity={identity} />
        </section>
        {serverError && (
          <p className="notice" data-testid="server-offline">
            The server cannot be reached ({serverError}); showing the graphs on this device.
          </p>
        )}
        <ul className="graph-list" data-testid="graph-list">
          {rows === null && <li className="muted">Loading…</li>}
          {rows?.length === 0 && <li className="muted empty">No graphs yet. Name one above to start.</li>}
          {rows?.map((r) => (
            <GraphListRow
              key={r.id}
              row={r}
              onRename={() => void rename(r)}
              onDelete={() => void remove(r)}
            />
          ))}
        </ul>
        <OpenById />
      </main>
      <Toasts />
    </div>
  )
}

/** The list's rows: the server's (polled) and this device's (followed live in IndexedDB), merged. */
function useGraphRows() {
  const [rows, setRows] = useState<GraphRow[] | null>(null)
  const [serverError, setServerError] = useState<string | null>(null)

  const refresh = useCallback(async (signal?: AbortSignal) => {
    const r = await loadRows(signal)
    if (signal?.aborted) return
    setRows(r.rows)
    setServerError(r.serverError)
  }, [])

  useEffect(() => {
    document.title = 'Plexus'
    const ctl = new AbortController()
    void refresh(ctl.signal)
    const t = setInterval(() => void refresh(), 10_000)
    // This device's lines change as open graphs write them: follow IndexedDB live.
    const sub = liveQuery(() => listLocalGraphs()).subscribe({
      next: (local) => setRows((rows) => (rows ? mergeRows(local, serverRows(rows)) : rows)),
    })
    return () => {
      ctl.abort()
      clearInterval(t)
      sub.unsubscribe()
    }
  }, [refresh])

  return { rows, serverError, refresh }
}

function HomeHeader({ identity, onIdentity }: { identity: Identity; onIdentity: (i: Identity) => void }) {
  return (
    <header className="home-top">
      <div className="brand">
        <img src="/favicon.svg" alt="" width={26} height={26} />
        <span>Plexus</span>
      </div>
      <div className="spacer" />
      <label className="me-name">
        <span className="muted small">You are</span>
        <CommitInput
          value={identity.name}
          onCommit={(name) => {
            const next = { ...identity, name: name.trim().slice(0, 40) || identity.name }
            saveIdentity(next)
            onIdentity(next)
          }}
        />
      </label>
      <Account />
      <ThemeToggle />
    </header>
  )
}

/** Names and creates a graph, then opens it. */
function NewGraph({ identity }: { identity: Identity }) {
  const [title, setTitle] = useState('')
  const [busy, setBusy] = useState(false)
  const toast = useUI((s) => s.toast)

  const create = async (e: FormEvent) => {
    e.preventDefault()
    if (busy) return
    setBusy(true)
    try {
      const id = await createGraph(title.trim() || 'Untitled graph', identity)
      navigate(graphPath(id))
    } catch (err) {
      toast({ text: `Could not create the graph: ${(err as Error).message}`, tone: 'error' })
    } finally {
      setBusy(false)
    }
  }

  return (
    <form className="new-graph" onSubmit={create}>
      <input
        className="input big"
        placeholder="Name a new graph…"
        value={title}
        onChange={(e) => setTitle(e.target.value)}
        aria-label="New graph name"
        data-testid="new-graph-title"
      />
      <button className="btn primary big" disabled={busy} data-testid="new-graph">
        <Icon name="plus" /> Create
      </button>
    </form>
  )
}

function GraphListRow({
  row: r,
  onRename,
  onDelete,
}: {
  row: GraphRow
  onRename: () => void
  onDelete: () => void
}) {
  return (
    <li className="graph-row" data-testid="graph-row" data-id={r.id}>
      <a
        className="graph-open"
        href={graphPath(r.id)}
        onClick={(e) => {
          if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return
          e.preventDefault()
          navigate(graphPath(r.id))
        }}
      >
        <span className="graph-title">{r.title}</span>
        <span className="graph-id mono">/g/{r.id}</span>
      </a>
      <span className="graph-counts">
        {r.nodes !== null && (
          <span>
            {r.nodes} node{r.nodes === 1 ? '' : 's'}
          </span>
        )}
        {r.actionable !== null && r.actionable > 0 && <span className="ok">{r.actionable} ready</span>}
        {r.resolved !== null && r.resolved > 0 && <span>{r.resolved} done</span>}
      </span>
      <span className="graph-where">
        {r.local && (
          <span className="chip" title="Stored on this device: opens offline">
            device
          </span>
        )}
        {r.server && (
          <span className="chip" title="On the server">
            server
          </span>
        )}
      </span>
      <time className="muted small" title={r.updatedAt ? stamp(r.updatedAt) : ''}>
        {ago(r.updatedAt)}
      </time>
      <span className="row-actions">
        <button className="icon-btn" aria-label={`Rename ${r.title}`} title="Rename" onClick={onRename}>
          <Icon name="edit" size={14} />
        </button>
        <button
          className="icon-btn danger"
          aria-label={`Delete ${r.title}`}
          title="Delete"
          onClick={onDelete}
          data-testid="delete-graph"
        >
          <Icon name="trash" size={14} />
        </button>
      </span>
    </li>
  )
}

/** Opens a graph by its id (a link someone shared), refusing what is not one. */
function OpenById() {
  const [openId, setOpenId] = useState('')
  const toast = useUI((s) => s.toast)
  return (
    <form
      className="open-by-id"
      onSubmit={(e) => {
        e.preventDefault()
        const id = openId.trim().toLowerCase()
        if (!GRAPH_ID.test(id))
          return toast({
            text: 'A graph id is 1-64 characters from a-z, 0-9, ".", "_" and "-".',
            tone: 'error',
          })
        navigate(graphPath(id))
      }}
    >
      <span className="muted small">Have an address?</span>
      <input
        className="input"
        placeholder="graph id"
        value={openId}
        onChange={(e) => setOpenId(e.target.value)}
        aria-label="Graph id to open"
      />
      <button className="btn">Open</button>
    </form>
  )
}
