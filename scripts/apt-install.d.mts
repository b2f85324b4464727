export declare function aptInstall(packages: string[], why: string): void
