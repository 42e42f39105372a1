export function declaredResourcesText(root: string): string;
export function writeDeclaredResources(root: string): void;
