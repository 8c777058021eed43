// Hairdressers sample app: see README.
