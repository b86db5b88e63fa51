import '@xyflow/react/dist/base.css'
import './styles/theme.css'
import './styles/app.css'
import './styles/canvas.css'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './App.tsx'

performance.mark('plexus:boot')
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
)

// The service worker caches the app shell so a graph opened once opens again with no network.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => {
    navigator.serviceWorker
      .register('/sw.js')
      .catch((e: unknown) => console.warn('plexus: service worker not registered', e))
  })
}
