import { GRAPH_ID } from '@plexus/model'
import { useState } from 'react'
import { GraphPage } from './GraphPage.tsx'
import { Home } from './home/Home.tsx'
import { loadIdentity } from './identity.ts'
import { navigate, useRoute } from './router.ts'
import { SignInPrompt } from './ui/SignIn.tsx'
import { useApplyTheme } from './ui/ThemeToggle.tsx'

export function App() {
  const route = useRoute()
  const [identity, setIdentity] = useState(loadIdentity)
  useApplyTheme()
  if (route.name === 'home')
    return (
      <>
        <Home identity={identity} onIdentity={setIdentity} />
        <SignInPrompt />
      </>
    )
  if (route.name === 'graph' && GRAPH_ID.test(route.id))
    return (
      <>
        <GraphPage key={route.id} id={route.id} identity={identity} />
        <SignInPrompt />
      </>
    )
  return (
    <div className="missing">
      <h1>Nothing at this address</h1>
      <p className="muted">
        {route.name === 'graph' ? `“${route.id}” is not a valid graph id.` : 'Graphs live at /g/<graph id>.'}
      </p>
      <button className="btn primary" onClick={() => navigate('/')}>
        All graphs
      </button>
    </div>
  )
}
