"""How rows reach SQLite and PostgreSQL: connections, engines, compiled statements,
column types and packing, and the dialect functions repositories build SQL with. The only
place that knows how either database stores a value."""
