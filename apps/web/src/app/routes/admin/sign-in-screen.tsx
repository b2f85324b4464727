import type { ReactNode } from 'react'
import { SignInFrame } from '../../../components/ui/sign-in-frame.tsx'

export function SignInScreen({ children, subtitle }: { children: ReactNode; subtitle: string }) {
  return (
    <SignInFrame appName="Admin" subtitle={subtitle} footnote="Internal website for the operator's staff.">
      {children}
    </SignInFrame>
  )
}
