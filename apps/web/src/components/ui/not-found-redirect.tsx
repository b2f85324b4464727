import { useEffect } from 'react'
import { useNavigate } from 'react-router'
import { showToast } from '../../lib/toast.ts'

/** "Invalid record on load" (spec: admin-console-part-1 §8, part-2 §8): while `message` is set, toast it and go back to `to`. */
export function useNotFoundRedirect(message: string | null, to: string) {
  const navigate = useNavigate()
  useEffect(() => {
    if (!message) return
    showToast(message, 'error')
    void navigate(to, { replace: true })
  }, [message, to, navigate])
}
