import { Outlet } from 'react-router'

/** Stub: replaced by the real screen. */
export function FieldLayout() {
  return <Outlet />
}
