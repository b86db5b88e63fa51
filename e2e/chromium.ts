// Debian's Chromium, shared by the e2e suite and the web benchmark; `npx playwright install` is not
// used here. The flags keep it quiet and deterministic on a machine with no outside network.
export const CHROMIUM = process.env.PLEXUS_CHROMIUM ?? '/usr/bin/chromium'
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
]
