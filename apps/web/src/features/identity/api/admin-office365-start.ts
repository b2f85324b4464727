import { useMutation } from '@tanstack/react-query'
import type { Office365StartResult } from '@storageops/contracts/office365'
import { api } from '../../../lib/api.ts'

export function startOffice365SignIn() {
  return api.post<Office365StartResult>('/api/auth/office365/start')
}

/** 'Login with Office 365': sends the browser to the identity provider, which comes back to /azure. */
export function useStartOffice365SignIn() {
  return useMutation({
    mutationFn: startOffice365SignIn,
    onSuccess: ({ authorization_url }) => window.location.assign(authorization_url),
  })
}
