// client.go -- ok-dqlite-sql: runs SQL statements on a dqlite cluster
// through go-dqlite's database/sql driver (Debian's golang-github-canonical-
// go-dqlite-dev), the client a Go program uses; prints each statement's
// rows, columns joined by '|', BLOBs as upper-case hex, NULL as nothing.
//
//	ok-dqlite-sql HOST:PORT,... DATABASE SQL...
//
// The driver finds the leader among the addresses and retries while a new
// one is elected. Exits 1 with the error of the first statement that fails.
package main

import (
	"context"
	"database/sql"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/canonical/go-dqlite/client"
	"github.com/canonical/go-dqlite/driver"
)

func main() {
	if len(os.Args) < 4 {
		fmt.Fprintln(os.Stderr, "usage: ok-dqlite-sql HOST:PORT,... DATABASE SQL...")
		os.Exit(2)
	}
	store := client.NewInmemNodeStore()
	var nodes []client.NodeInfo
	for _, address := range strings.Split(os.Args[1], ",") {
		nodes = append(nodes, client.NodeInfo{Address: address})
	}
	ctx := context.Background()
	if err := store.Set(ctx, nodes); err != nil {
		fail(err)
	}
	drv, err := driver.New(store, driver.WithConnectionTimeout(10*time.Second))
	if err != nil {
		fail(err)
	}
	sql.Register("dqlite", drv)
	db, err := sql.Open("dqlite", os.Args[2])
	if err != nil {
		fail(err)
	}
	defer db.Close()
	for _, statement := range os.Args[3:] {
		if err := run(db, statement); err != nil {
			fail(err)
		}
	}
}

// A statement that returns rows (SELECT, WITH, EXPLAIN, PRAGMA) is a query;
// any other is executed, and prints nothing.
func run(db *sql.DB, statement string) error {
	word := strings.ToUpper(strings.Fields(statement + " x")[0])
	if word != "SELECT" && word != "WITH" && word != "EXPLAIN" && word != "PRAGMA" {
		_, err := db.Exec(statement)
		return err
	}
	rows, err := db.Query(statement)
	if err != nil {
		return err
	}
	defer rows.Close()
	columns, err := rows.Columns()
	if err != nil {
		return err
	}
	values := make([]interface{}, len(columns))
	pointers := make([]interface{}, len(columns))
	for i := range values {
		pointers[i] = &values[i]
	}
	for rows.Next() {
		if err := rows.Scan(pointers...); err != nil {
			return err
		}
		texts := make([]string, len(values))
		for i, v := range values {
			switch v := v.(type) {
			case nil:
				texts[i] = ""
			case []byte:
				texts[i] = fmt.Sprintf("%X", v)
			default:
				texts[i] = fmt.Sprint(v)
			}
		}
		fmt.Println(strings.Join(texts, "|"))
	}
	return rows.Err()
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "ok-dqlite-sql:", err)
	os.Exit(1)
}
