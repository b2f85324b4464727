import { useEffect } from 'react'
import { useNavigate } from 'react-router'
import { showToast } from '../../lib/toast.ts'

/**
 * An edit screen whose record does not exist (spec: admin-console-part-1 §8, admin-console-part-2 §8
 * "Invalid record on load"): while `message` is set, it is shown as an error toast and the browser goes
 * back to the list at `to`, replacing the bad address in the history.
 */
export function useNotFoundRedirect(message: string | null, to: string) {
  const navigate = useNavigate()
  useEffect(() => {
    if (!message) return
    showToast(message, 'error')
    void navigate(to, { replace: true })
  }, [message, to, navigate])
}
