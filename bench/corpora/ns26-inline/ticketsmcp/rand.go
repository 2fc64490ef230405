package main

import crand "crypto/rand"

func rand() string { return crand.Text() }
