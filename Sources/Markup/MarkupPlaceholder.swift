// Markup: see Package.swift. Filled by the markup work.
