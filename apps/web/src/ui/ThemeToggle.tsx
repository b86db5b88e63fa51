import { useLayoutEffect } from 'react'
import { useUI, type ThemeChoice } from '../store.ts'
import { Icon } from './Icon.tsx'

const NEXT: Record<ThemeChoice, ThemeChoice> = { system: 'light', light: 'dark', dark: 'system' }
const ICON = { system: 'monitor', light: 'sun', dark: 'moon' } as const

/**
 * Applies the theme to <html data-theme> (following the system when asked) and offers a toggle. In a
 * layout effect: before any effect that reads the theme's colours (the minimap's layer redraws on a theme
 * change, and drew in the previous theme's colours when this ran after it).
 */
export function useApplyTheme(): void {
  const theme = useUI((s) => s.theme)
  useLayoutEffect(() => {
    const mq = window.matchMedia('(prefers-color-scheme: dark)')
    const apply = () => {
      const dark = theme === 'dark' || (theme === 'system' && mq.matches)
      document.documentElement.dataset.theme = dark ? 'dark' : 'light'
      document.querySelector('meta[name=theme-color]')?.setAttribute('content', dark ? '#16181d' : '#f7f7f8')
    }
    apply()
    mq.addEventListener('change', apply)
    return () => mq.removeEventListener('change', apply)
  }, [theme])
}

export function ThemeToggle() {
  const theme = useUI((s) => s.theme)
  const set = useUI((s) => s.setTheme)
  return (
    <button
      className="btn ghost icon-only"
      onClick={() => set(NEXT[theme])}
      title={`Theme: ${theme} (click for ${NEXT[theme]})`}
      aria-label={`Theme: ${theme}`}
      data-testid="theme-toggle"
    >
      <Icon name={ICON[theme]} />
    </button>
  )
}
